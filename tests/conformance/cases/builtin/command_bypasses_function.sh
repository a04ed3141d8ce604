echo() { printf 'fn\n'; }
echo x
command echo real
builtin echo builtin
