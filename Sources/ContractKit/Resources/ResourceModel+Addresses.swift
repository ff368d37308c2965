/// How an item of a parent resource fills the collection path of a child: Kinto names a bucket
/// `{id}` on `/buckets/{id}` and `{bucket_id}` on `/buckets/{bucket_id}/collections`.
extension ResourceModel {
    /// The path values `resource`'s collection takes from `address`, an item of its parent: the
    /// parent's own placeholders as they are, and its id under the name the child's path gives it.
    public func parentValues<Value>(of resource: Resource, from address: [String: Value]) -> [String: Value] {
        guard let parent = resource.parent, let owner = self.resource(named: parent.resource),
            let ownerID = owner.idParameter, ownerID != parent.parameter
        else { return address }
        var values = address
        values[parent.parameter] = address[ownerID]
        values[ownerID] = nil
        return values
    }
}
