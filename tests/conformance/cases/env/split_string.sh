env -S 'echo a b   c'
env -S'printf %s\n x y'
env -i -S 'A=1 B=2 env'
env -S 'echo "q u" \t x' | od -An -c
