printf 'a\rb\rc\n' | dos2unix -c mac | od -c
