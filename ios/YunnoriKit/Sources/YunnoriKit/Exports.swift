// The screens draw the core's records (GameSnapshot, LegalMove, RuleOption, ...) directly:
// importing YunnoriKit brings the generated YutCore module with it, so the app target
// needs no dependency of its own on the generated bindings.
@_exported import YutCore
