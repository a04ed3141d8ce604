# from mikefarah/yq docs: operators/keys ("keys" returns map keys in document order)
printf 'dog: woof\ncat: meow\n' > sample.yml
yq 'keys' sample.yml
