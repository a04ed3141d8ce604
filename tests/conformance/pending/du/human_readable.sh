printf '%02048d' 0 > f
du -b -h f; du --apparent-size -h f
