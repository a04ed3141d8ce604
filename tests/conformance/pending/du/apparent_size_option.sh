printf '%01234d' 0 > f
du --apparent-size --block-size=1 f
