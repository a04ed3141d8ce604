env -i A=1 B=2 -0 | od -An -c
env -i -0 A=x | tr '\0' '\n'
