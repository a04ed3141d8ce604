# check-stderr
set -euo pipefail
log() { printf '[%s] %s\n' "$1" "$2" >&2; }
cleanup() { local rc=$?; rm -rf build.tmp; log INFO "cleanup (rc=$rc)"; }
trap cleanup EXIT
mkdir -p build.tmp src
printf 'int main(){}\n' > src/main.c
printf 'void util(){}\n' > src/util.c
compile() {
  local src=$1 obj=build.tmp/$(basename "${1%.c}").o
  log INFO "compiling $src"
  tr -d '\n' < "$src" > "$obj"
}
for f in src/*.c; do compile "$f"; done
ls build.tmp
log INFO "linking"
cat build.tmp/*.o > app.bin
wc -c < app.bin
