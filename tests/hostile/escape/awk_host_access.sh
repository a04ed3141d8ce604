# awk reaches files only through the VFS and runs commands only in the
# sandbox. With a host directory mounted, getline through symlinks out of
# it fails, writes through them change nothing outside (the harness
# checks the host file), system() and pipes run sandbox commands, and
# ENVIRON is the sandbox's environment.
# workspace: host
# env-host: AWK_HOST_SECRET=awk-host-secret-value
# expect-stop: none
# expect-stdout: fixture
# expect-stdout: -1 -1 -1
# expect-stdout: no secret
# forbid: root:x:0
# forbid: awk-host-secret-value
# after: cat /workspace/readme.txt
# after-stdout: fixture
cd /workspace || exit 1
awk '{ print }' readme.txt
awk 'BEGIN { a = (getline l < "/etc/passwd"); b = (getline l < "secret"); c = (getline l < "abs-secret"); print a, b, c }'
awk 'BEGIN { print "pwned" > "secret"; print "pwned" >> "abs-secret"; printf "x" > "escape/shadow" }' 2>/dev/null
awk 'BEGIN { system("cat /etc/passwd 2>/dev/null"); "cat secret 2>/dev/null" | getline s; printf "%s", s }'
awk 'BEGIN { if (!("AWK_HOST_SECRET" in ENVIRON)) print "no secret" }'
true
