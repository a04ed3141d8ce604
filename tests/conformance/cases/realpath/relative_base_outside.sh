mkdir -p top other; touch other/f
realpath --relative-base=top other/f | sed 's|.*/||'
