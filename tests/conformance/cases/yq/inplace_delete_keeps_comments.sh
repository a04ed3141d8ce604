# from mikefarah/yq README ("preserves comments"; -i with del)
printf '# config\nname: app # the name\ndebug: true\nport: 80 # the port\n' > v.yml
yq -i 'del(.debug)' v.yml
cat v.yml
