# A program run by name is hashed; type and command -V say so until PATH
# is assigned again, which empties the table.
hash
sort </dev/null
sort </dev/null
type sort
command -V sort
type -t sort
type -p sort
hash
PATH=$PATH
hash
type sort
