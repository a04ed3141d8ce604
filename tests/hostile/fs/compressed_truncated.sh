# Truncated gzip, xz and bzip2 streams: each decoder fails as its GNU
# tool does (gzip 1.10, xz 5.2, bzip2 1.0.8, checked): gzip "unexpected
# end of file" after a blank line (status 1), xz "Unexpected end of
# input" (status 1), bzip2 its long "ends unexpectedly" text (status 2).
# Nothing waits for more input, nothing is sized from a header.
# expect-stop: none
# expect-stdout: 1
# expect-stdout: 1
# expect-stdout: 2
# expect-stderr:
# expect-stderr: gzip: t.gz: unexpected end of file
# expect-stderr: xz: t.xz: Unexpected end of input
# expect-stderr:
# expect-stderr: bzip2: Compressed file ends unexpectedly;
# expect-stderr: \tperhaps it is corrupted?  *Possible* reason follows.
# expect-stderr: bzip2: Success
# expect-stderr: \tInput file = t.bz2, output file = (stdout)
# expect-stderr:
# expect-stderr: It is possible that the compressed file(s) have become corrupted.
# expect-stderr: You can use the -tvv option to test integrity of such files.
# expect-stderr:
# expect-stderr: You can use the `bzip2recover' program to attempt to recover
# expect-stderr: data from undamaged sections of corrupted files.
# expect-stderr:
printf 'hello world\n%.0s' $(seq 200) > hw
gzip -n < hw | head -c 15 > t.gz
xz < hw | head -c 40 > t.xz
bzip2 < hw | head -c 30 > t.bz2
gzip -dc t.gz > /dev/null; echo $?
xz -dc t.xz > /dev/null; echo $?
bzip2 -dc t.bz2 > /dev/null; echo $?
