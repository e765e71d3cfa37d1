// Importing this product also imports the core (stores, actions, middleware) and the effects
// product (the action log registers async thunks), as their types are in nearly every signature here.
@_exported import ReduxKitLinux
@_exported import ReduxKitLinuxEffects
