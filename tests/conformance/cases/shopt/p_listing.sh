shopt -p
