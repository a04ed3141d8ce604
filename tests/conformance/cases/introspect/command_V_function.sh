f() { echo x; }
command -V f
