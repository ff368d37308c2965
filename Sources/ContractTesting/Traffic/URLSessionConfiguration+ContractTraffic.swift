public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// Checks every exchange of sessions made from this configuration with `traffic`'s API against
    /// its contract (see ``ContractTraffic``).
    public func checkContractTraffic(_ traffic: ContractTraffic) {
        traffic.install(on: self)
    }
}
