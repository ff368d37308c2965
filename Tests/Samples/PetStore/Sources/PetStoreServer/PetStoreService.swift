import Foundation
public import PetStoreAPI

/// The team's server: the generated `APIProtocol`, its pets kept in memory.
public actor PetStoreService: APIProtocol {
    private var pets: [Int64: Components.Schemas.Pet] = [:]
    private var nextID: Int64 = 1
    private let now: @Sendable () -> Date

    /// - Parameter now: the clock stamping `createdAt`, so a test can send a date with a fraction.
    public init(now: @escaping @Sendable () -> Date = Date.init) { self.now = now }

    public func listPets(_ input: Operations.listPets.Input) async throws -> Operations.listPets.Output {
        let limit = input.query.limit ?? 100
        guard (1...100).contains(limit) else {
            return .badRequest(.init(body: .json(.init(message: "limit must be between 1 and 100"))))
        }
        let sorted = pets.values.sorted { $0.id < $1.id }
        return .ok(.init(body: .json(Array(sorted.prefix(limit)))))
    }

    public func createPet(_ input: Operations.createPet.Input) async throws -> Operations.createPet.Output {
        guard case .json(let new) = input.body else {
            return .badRequest(.init(body: .json(.init(message: "expected a JSON pet"))))
        }
        guard (1...40).contains(new.name.count) else {
            return .badRequest(.init(body: .json(.init(message: "name must have 1 to 40 characters"))))
        }
        let pet = Components.Schemas.Pet(
            id: nextID, name: new.name, status: .available, createdAt: now(), tag: new.tag, photo: new.photo,
            owner: new.owner,
            attributes: new.attributes.map { .init(additionalProperties: $0.additionalProperties) })
        pets[nextID] = pet
        nextID += 1
        return .created(.init(body: .json(pet)))
    }

    public func getPet(_ input: Operations.getPet.Input) async throws -> Operations.getPet.Output {
        guard let pet = pets[input.path.petId] else {
            return .notFound(.init(body: .json(.init(message: "no pet \(input.path.petId)"))))
        }
        return .ok(.init(body: .json(pet)))
    }

    public func deletePet(_ input: Operations.deletePet.Input) async throws -> Operations.deletePet.Output {
        guard pets.removeValue(forKey: input.path.petId) != nil else {
            return .notFound(.init(body: .json(.init(message: "no pet \(input.path.petId)"))))
        }
        return .noContent(.init())
    }
}
