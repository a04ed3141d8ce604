printf 'x\0y\n' > f
od -An -c f
