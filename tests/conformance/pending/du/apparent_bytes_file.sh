printf '%0100d' 0 > f
du -b f
