// Importing this product also imports the effects product and the core: a query cache's
// endpoints are async thunks, and its middleware goes beside `thunkMiddleware()`.
@_exported import ReduxKitLinuxEffects
