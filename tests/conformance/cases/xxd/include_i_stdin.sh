seq 1 9 | xxd -i
