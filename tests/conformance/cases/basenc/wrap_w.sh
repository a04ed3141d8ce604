seq 1 20 | basenc --base16 -w 20
seq 1 5 | basenc --base64 -w 0; echo
