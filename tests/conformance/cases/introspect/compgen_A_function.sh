fa() { :; }
fb() { :; }
compgen -A function f
