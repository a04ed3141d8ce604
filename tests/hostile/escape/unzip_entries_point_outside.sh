# A zip whose entries point outside the extraction directory: `../up.txt`,
# `/tmp/abs.txt`, a symlink `link -> /tmp/out` and then `link/pwned`
# through it (bytes built with printf). Info-ZIP's unzip 6.0 (checked on
# this machine) skips the `../` (a note on stdout), strips the leading `/`
# (a warning on stderr), makes the symlink only after every other entry,
# so `link/pwned` meets the placeholder file and is refused ("checkdir
# error"), status 2. Nothing lands outside `x/`, nothing in /tmp/out.
# expect-stop: none
# expect-status: 2
# expect-stdout: Archive:  ../out.zip
# expect-stdout: warning:  skipped "../" path component(s) in ../up.txt
# expect-stdout:  extracting: up.txt                 \x20
# expect-stdout:  extracting: tmp/abs.txt            \x20
# expect-stdout:     linking: link                    -> /tmp/out\x20
# expect-stdout: finishing deferred symbolic links:
# expect-stdout:   link                   -> /tmp/out
# expect-stderr: warning:  stripped absolute path spec from /tmp/abs.txt
# expect-stderr: checkdir error:  link exists but is not directory
# expect-stderr:                  unable to process link/pwned.
# after: ls -A /tmp/out | wc -l; cat /workspace/x/up.txt /workspace/x/tmp/abs.txt
# after: test -e /workspace/up.txt || echo no-up; test -e /tmp/abs.txt || echo no-abs
# after-stdout: 0
# after-stdout: up
# after-stdout: abs
# after-stdout: no-up
# after-stdout: no-abs
z() { head -c "$1" /dev/zero; }
{ printf 'PK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00!\x00A\xe3\x91b\x03\x00\x00\x00\x03\x00\x00\x00\x09\x00\x00\x00../up.txtup\x0aPK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00!\x00\x1f\x93J\x0d\x04\x00\x00\x00\x04\x00\x00\x00\x0c\x00\x00\x00/tmp/abs.txtabs\x0aPK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00!\x00\x03\xac\x11\xae\x08\x00\x00\x00\x08\x00\x00\x00\x04\x00\x00\x00link/tmp/outPK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00!\x00\xfb^\xb3\x85\x06\x00\x00\x00\x06\x00\x00\x00\x0a\x00\x00\x00link/pwnedpwned\x0aPK\x01\x02\x14\x03\x14\x00\x00\x00\x00\x00\x00\x00!\x00A\xe3\x91b\x03\x00\x00\x00\x03\x00\x00\x00\x09'; z 11; printf '\xa4\x81\x00\x00\x00\x00../up.txtPK\x01\x02\x14\x03\x14\x00\x00\x00\x00\x00\x00\x00!\x00\x1f\x93J\x0d\x04\x00\x00\x00\x04\x00\x00\x00\x0c'; z 11; printf '\xa4\x81*\x00\x00\x00/tmp/abs.txtPK\x01\x02\x14\x03\x14\x00\x00\x00\x00\x00\x00\x00!\x00\x03\xac\x11\xae\x08\x00\x00\x00\x08\x00\x00\x00\x04'; z 11; printf '\xff\xa1X\x00\x00\x00linkPK\x01\x02\x14\x03\x14\x00\x00\x00\x00\x00\x00\x00!\x00\xfb^\xb3\x85\x06\x00\x00\x00\x06\x00\x00\x00\x0a'; z 11; printf '\xa4\x81\x82\x00\x00\x00link/pwnedPK\x05\x06\x00\x00\x00\x00\x04\x00\x04\x00\xdb\x00\x00\x00\xb0\x00\x00\x00\x00\x00'; } > out.zip
mkdir -p /tmp/out x
cd x && unzip ../out.zip
