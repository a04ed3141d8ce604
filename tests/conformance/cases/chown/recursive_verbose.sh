mkdir -p d/e; touch d/f d/e/g; u=$(id -un)
chown -R "$u" d; echo "[$?]"
chown -v "$u" d/f | sed "s/$u/U/g"
chown -c "$u" d/f | wc -l
chown -Rf "$u" d nofile; echo "[$?]"
