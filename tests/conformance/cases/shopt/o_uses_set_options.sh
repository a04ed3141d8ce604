shopt -o errexit
shopt -so errexit
shopt -po errexit
