seq 1 12 > my-file.txt
xxd -i my-file.txt
