seq 1 20 | xxd -p -c 8
