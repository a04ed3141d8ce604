seq 1 10 | base64 -w 16
seq 1 10 | base64 --wrap=0; echo
