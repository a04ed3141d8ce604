printf 'AB\n\377' | xxd -b
printf 'abcdefghij' | xxd -b -c 4
