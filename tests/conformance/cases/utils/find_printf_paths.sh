mkdir -p top/mid
touch top/mid/leaf
find top -printf '%p|%P|%f|%h|%H|%d|%y\n'
echo ---
find top/ -printf '[%p] [%P] [%f] [%h]\n'
echo ---
find ./top -printf '%h/%f %d\n'
echo ---
find top -printf '[%-8f][%8f][%.2f][%3d][%-3d|][%+d][%05d]\n'
echo ---
find top -type f -printf '%s %k %n\n'
