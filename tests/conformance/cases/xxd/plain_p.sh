printf 'Hello, xxd! This line is longer than thirty bytes.\n' | xxd -p
printf 'abc' | xxd -ps
