# sed's r, R, w and -i reach files only through the VFS: with a host
# directory mounted, symlinks out of it stay closed and nothing outside
# changes (the harness checks the host file); /etc is not there at all.
# workspace: host
# expect-stop: none
# expect-stdout: fixture
# expect-stdout: fixture
# forbid: root:x:0
# after: cat /workspace/readme.txt
# after-stdout: fixture
cd /workspace || exit 1
sed 'r /etc/passwd' readme.txt
sed 'R secret' readme.txt
sed -n 'w secret' readme.txt 2>/dev/null
sed -i 's/^/pwned/' secret abs-secret passwd escape/shadow 2>/dev/null
true
