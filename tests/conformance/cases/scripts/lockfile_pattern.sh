lock=app.lock
acquire() {
  if ( set -C; echo $$ > "$lock" ) 2>/dev/null; then echo "acquired"; return 0; fi
  echo "busy"; return 1
}
release() { rm -f "$lock"; echo released; }
acquire
acquire
release
acquire
release
