echo x > f
cp -l f h; cat h
cp -s f s; readlink s; cat s
mkdir d; echo y > /tmp/sandbash_cp_links.src; cp -s /tmp/sandbash_cp_links.src d/; readlink d/sandbash_cp_links.src; cat d/*; rm /tmp/sandbash_cp_links.src
