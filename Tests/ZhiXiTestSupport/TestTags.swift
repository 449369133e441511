import Testing

extension Tag {
    /// An end-to-end test: it runs the built `zhixi-review` executable as a process (some
    /// run dozens of them), so it is slow. `swift test` and `.ci/run` run it with the rest; a
    /// test plan or a tag filter can leave it out while iterating.
    @Tag package static var endToEnd: Self
}
