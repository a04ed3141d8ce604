# check-stderr
# build script: functions, set -e, ERR and EXIT traps, failing step stops the build
mkdir -p build/src
printf 'int main(void){return 0;}\n' > build/src/main.c
printf 'broken\n' > build/src/util.c
steps=()
on_err() { echo "ERR trap: status $1 in step ${steps[-1]}" >&2; }
on_exit() {
  local rc=$?
  echo "EXIT trap: rc=$rc, completed ${#steps[@]} step(s): ${steps[*]}"
  rm -rf build
}
trap 'on_err $?' ERR
trap on_exit EXIT
set -e
step() { steps+=("$1"); echo "==> $1"; }
compile() {
  local f=$1
  if grep -q broken "$f"; then
    echo "error: cannot compile ${f##*/}" >&2
    return 3
  fi
  echo "compiled ${f##*/} -> ${f%.c}.o"
}
step prepare
ls build/src | sort
step compile
for f in build/src/*.c; do
  compile "$f"
done
step package
echo "never printed"
