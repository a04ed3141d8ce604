# A zip of 100,000 empty files (8.8 MB: 100,000 local headers, a central
# directory, ZIP64 end records since 100,000 > 65,535 entries), written
# by an awk generator in the case. Under the strict profile the VFS holds
# 10,000 entries: unzip extracts until the filesystem is full, then, as
# Info-ZIP does on a full disk (checked on a tmpfs with 50 inodes), says
# for each file it cannot create "error:  cannot create NAME" and
# "No space left on device", goes on, and ends with status 50. The
# 100,000 entries stay within the strict memory budget and the sandbox
# stays usable. (About 1.7 s on a loaded 2-core machine in release.)
# limit: wall_clock=3
# expect-stop: none
# expect-stdout: 50
# expect-stdout: error:  cannot create x/e0
# expect-stdout:         No space left on device
# expect-stdout: ok
# after: rm -rf x b.zip; touch f && echo usable
# after-stdout: usable
awk -f /dev/stdin > b.zip <<'AWK'
function b(x, n,   s) { s = ""; for (; n > 0; n--) { s = s sprintf("%c", x % 256); x = int(x / 256) } return s }
BEGIN {
    N = 100000
    L = "PK" b(3, 1) b(4, 1) b(10, 2) b(0, 6) b(33, 2) b(0, 12) b(6, 2) b(0, 2)
    for (i = 0; i < N; i++) printf "%se%05d", L, i
    C = "PK" b(1, 1) b(2, 1) b(798, 2) b(10, 2) b(0, 6) b(33, 2) b(0, 12) b(6, 2) b(0, 8) b(2175008768, 4)
    for (i = 0; i < N; i++) { o = i * 36; printf "%s%c%c%c%ce%05d", C, o % 256, int(o / 256) % 256, int(o / 65536) % 256, 0, i }
    cd = N * 36; z = cd + N * 52
    printf "PK%s", b(6, 1) b(6, 1) b(44, 8) b(45, 2) b(45, 2) b(0, 8) b(N, 8) b(N, 8) b(N * 52, 8) b(cd, 8)
    printf "PK%s", b(6, 1) b(7, 1) b(0, 4) b(z, 8) b(1, 4)
    printf "PK%s", b(5, 1) b(6, 1) b(0, 4) b(65535, 2) b(65535, 2) b(N * 52, 4) b(cd, 4) b(0, 2)
}
AWK
unzip -q b.zip -d x 2> err
echo $?
head -n 2 err | sed 's/e0[0-9]*$/e0/'
[ -e x/e00000 ] && [ -e x/e09000 ] && [ ! -e x/e10000 ] && echo ok
