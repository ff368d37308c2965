# Sourced by .ci/run after the main `swift test`: builds and tests the sample package that uses
# swift-openapi-generator (Tests/Samples/PetStore, which depends on Conform by path), then runs the
# SwiftPM command plugin from it as a user types it: lint, run and fuzz against the mock, compat
# between two versions of its description, and run against the sample's server from the URL
# where it serves its description. A sample whose dependencies cannot be resolved is skipped with
# one line; a build, test or plugin failure fails CI.
samples() {
  local dir="Tests/Samples/PetStore"
  local started=$SECONDS
  local log=".build-ci/samples-resolve.log"
  mkdir -p .build-ci
  if ! swift package --package-path "$dir" resolve >"$log" 2>&1; then
    echo "samples: $dir skipped: its dependencies (apple/swift-openapi-generator 1.14.3, swift-openapi-runtime 1.13.4, swift-openapi-urlsession 1.4.0, swift-http-types 1.8.0) cannot be resolved; see $log"
    return 0
  fi
  echo "samples: building and testing $dir"
  swift build --package-path "$dir" --build-tests
  swift test --package-path "$dir" --skip-build

  echo "samples: the command plugin, from $dir"
  local allow=(--allow-writing-to-package-directory --allow-network-connections all)
  local description="Sources/PetStoreAPI/openapi.yaml"
  (
    cd "$dir"
    rm -rf Reports
    swift package "${allow[@]}" conform lint "$description"
    swift package "${allow[@]}" conform run "$description" --quiet
    swift package "${allow[@]}" conform fuzz "$description" --cases 5 --quiet
    if swift package "${allow[@]}" conform compat "$description" Tests/PetStoreTests/Descriptions/openapi-v2.yaml \
      --clients codable --markdown Reports/compat.md >.build/compat.txt 2>&1; then
      echo "samples: compat passed a breaking pair"; cat .build/compat.txt; exit 1
    fi
    grep -q 'Components.Schemas.Pet.statusPayload' .build/compat.txt || { cat .build/compat.txt; exit 1; }
    swift package "${allow[@]}" conform compat "$description" Tests/PetStoreTests/Descriptions/openapi-v1.1.yaml --clients codable
    for report in openapi.run.junit.xml openapi.run.md openapi.run.json openapi.fuzz.json compat.md; do
      [ -s "Reports/$report" ] || { echo "samples: the plugin wrote no Reports/$report"; exit 1; }
    done

    # A description given as a URL: the plugin checks the server that served it.
    .build/debug/pet-store-server --description "$description" >.build/server.txt 2>&1 &
    local server=$!
    trap 'kill $server 2>/dev/null' EXIT
    local origin=""
    for _ in $(seq 1 50); do
      origin=$(head -n 1 .build/server.txt 2>/dev/null || true)
      case "$origin" in http://*) break ;; esac
      sleep 0.2
    done
    # SwiftPM passes the tool's standard error on with its standard output.
    swift package "${allow[@]}" conform run "$origin/openapi.yaml" >.build/run-url.txt 2>&1 \
      || { cat .build/run-url.txt; exit 1; }
    grep -v -e '^Building for' -e '^Build of product' -e '^\[' .build/run-url.txt | head -n 1
    grep -v -e '^Building for' -e '^Build of product' -e '^\[' .build/run-url.txt | head -n 1 \
      | grep -q "^No --base-url: checking the server that served the description, at $origin/v1 "
    kill $server
    trap - EXIT
  )
  echo "samples: $dir built, tested and checked through the plugin in $((SECONDS - started)) s"
}
samples
