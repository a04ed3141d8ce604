# A directory tree as deep as the filesystem lets a script make it: rg
# walks it with an explicit stack (no recursion, so no stack overflow),
# reads each level's ignore files once, and finds the file at the bottom.
# expect-stop: none
# expect-status: 0
# expect-stdout: 1
# expect-max-seconds: 2
p=d
for i in $(seq 1 50); do p=$p/d; done
mkdir -p "$p" && echo foo > "$p/f" && echo 'x' > d/.gitignore && mkdir d/.git
rg -l foo | wc -l
