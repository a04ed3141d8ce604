seq 1 40 | base64
