printf 'abcdefghij' | xxd -e
