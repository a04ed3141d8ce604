printf 'from file\n' > f
base64 f; base64 f > enc; base64 -d enc
