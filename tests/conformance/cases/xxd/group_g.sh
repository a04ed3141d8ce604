printf 'abcdefghijklmnopqrstuvwxyz' | xxd -g 1
printf 'abcdefghijklmnopqrstuvwxyz' | xxd -g 4
printf 'abcdefghijklmnopqrstuvwxyz' | xxd -g 0
