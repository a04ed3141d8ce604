printf 'abcdefghijklmnopqrstuvwxyz' | xxd -c 8
printf 'abcdefghijklmnopqrstuvwxyz' | xxd -c 5
