: > e
xz -c e | xz -dc | wc -c
