printf '%0100d' 0 > target; ln -s target link
du -b target; du -bL link
