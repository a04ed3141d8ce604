readonly RO_A=1
readonly -p | grep RO_A
