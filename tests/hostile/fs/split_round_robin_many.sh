# split -n r/N keeps all N pieces open at once: a hundred million of them
# would be a hundred million writers and files. Each writer is charged
# with its buffer as it opens, so the memory budget stops split (or, with
# a larger budget, the VFS entry limit refuses the file past it).
# expect-stop: memory
# expect-max-seconds: 5
seq 1 10 | split -n r/100000000
