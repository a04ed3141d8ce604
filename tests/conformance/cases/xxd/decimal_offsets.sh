printf 'abcdefghijklmnopqrstuvwxyz' | xxd -d -o 100 -c 10
printf 'abc' | xxd -o -5
