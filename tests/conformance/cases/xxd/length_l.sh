printf 'abcdefghijklmnopqrstuvwxyz' | xxd -l 10
