readonly -a RA=(x y)
readonly -p | grep ' RA='
