basename /src/main.rs .rs
