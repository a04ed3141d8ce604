od -An -c <<< $'z\0z'
