// Morsel's offline 3D view: reads the embedded glb (base64) and the legend (JSON), draws them
// with the vendored three.js (window.MORSEL_THREE, see three.bundle.js), z up as in Morsel.
(function () {
  'use strict';
  const T = window.MORSEL_THREE;
  const view = document.getElementById('view');
  const message = document.getElementById('message');
  const fail = (text) => { message.textContent = text; message.hidden = false; };

  const data = JSON.parse(document.getElementById('morsel-data').textContent);
  const base64 = document.getElementById('morsel-glb').textContent.trim();
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);

  let renderer;
  try {
    renderer = new T.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  } catch (e) {
    fail('This browser cannot draw WebGL: ' + e.message);
    return;
  }
  renderer.setPixelRatio(window.devicePixelRatio);
  renderer.setSize(window.innerWidth, window.innerHeight);
  view.appendChild(renderer.domElement);

  const scene = new T.Scene();
  scene.background = new T.Color(0xeef0f3);
  const camera = new T.PerspectiveCamera(40, window.innerWidth / window.innerHeight, 0.01, 100);
  camera.up.set(0, 0, 1); // Morsel's world is z up; OrbitControls orbit about camera.up.
  const controls = new T.OrbitControls(camera, renderer.domElement);
  const sky = new T.HemisphereLight(0xffffff, 0x5a5f69, 1.3);
  sky.position.set(0, 0, 1);
  scene.add(sky);
  const sun = new T.DirectionalLight(0xffffff, 2.2);
  scene.add(sun);
  scene.add(sun.target);

  // Linear RGB in [0, 1] as a CSS colour (sRGB).
  const css = (rgba) => {
    const s = (c) => Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055));
    const [r, g, b] = rgba.map((c) => Math.min(1, Math.max(0, c)));
    return 'rgb(' + s(r) + ',' + s(g) + ',' + s(b) + ')';
  };

  function legend(entries) {
    const list = document.querySelector('#legend ul');
    for (const entry of entries) {
      const item = document.createElement('li');
      const mark = document.createElement('span');
      if (/arrow/i.test(entry.label)) {
        mark.className = 'arrow';
        mark.textContent = '\u2192';
        mark.style.color = css(entry.colour);
      } else {
        mark.className = 'swatch';
        mark.style.background = css(entry.colour);
      }
      const label = document.createElement('span');
      label.textContent = entry.label;
      item.append(mark, label);
      list.appendChild(item);
    }
  }

  // The box to frame: every mesh except flat squares much larger than the rest (a half-space
  // is drawn as a 10 m square), unless nothing else is there.
  function frameBox(root) {
    const all = new T.Box3().setFromObject(root);
    const box = new T.Box3();
    root.traverse((o) => {
      if (!o.isMesh) return;
      const b = new T.Box3().setFromObject(o);
      const size = b.getSize(new T.Vector3());
      const flat = Math.min(size.x, size.y, size.z) < 1e-6 && Math.max(size.x, size.y, size.z) > 5;
      if (!flat) box.union(b);
    });
    return box.isEmpty() ? all : box;
  }

  function frame(root) {
    const box = frameBox(root);
    if (box.isEmpty()) box.set(new T.Vector3(-0.5, -0.5, 0), new T.Vector3(0.5, 0.5, 1));
    const centre = box.getCenter(new T.Vector3());
    const radius = Math.max(box.getSize(new T.Vector3()).length() / 2, 1e-3);
    const fov = (camera.fov * Math.PI) / 180;
    const distance = (1.15 * radius) / Math.sin(Math.min(fov, fov * camera.aspect) / 2);
    const direction = new T.Vector3(1.0, -1.3, 0.75).normalize();
    camera.position.copy(centre).addScaledVector(direction, distance);
    camera.near = distance / 100;
    camera.far = distance * 100;
    camera.updateProjectionMatrix();
    controls.target.copy(centre);
    controls.update();
    sun.position.copy(centre).add(new T.Vector3(2, -3, 5).normalize().multiplyScalar(4 * distance));
    sun.target.position.copy(centre);

    // The floor: a grid on the plane z = 0 (or under the model if it reaches below it).
    const floor = Math.min(0, box.min.z);
    const extent = Math.max(Math.abs(box.min.x), Math.abs(box.max.x), Math.abs(box.min.y), Math.abs(box.max.y), radius);
    const step = Math.pow(10, Math.floor(Math.log10(extent / 2)));
    const cells = Math.min(200, 2 * Math.ceil((1.5 * extent) / step));
    const grid = new T.GridHelper(cells * step, cells, 0x7d8592, 0xc2c7cf);
    grid.rotation.x = Math.PI / 2; // GridHelper lies in xz; Morsel's floor is xy.
    grid.position.z = floor + 1e-4 * radius;
    scene.add(grid);
  }

  function player(root, clips) {
    const mixer = new T.AnimationMixer(root);
    let duration = 0;
    for (const clip of clips) {
      mixer.clipAction(clip).play();
      duration = Math.max(duration, clip.duration);
    }
    const panel = document.getElementById('player');
    const button = document.getElementById('play');
    const slider = document.getElementById('time');
    const clock = document.getElementById('clock');
    slider.max = String(duration);
    panel.hidden = false;
    let playing = true;
    let time = 0;
    const show = () => {
      mixer.setTime(time);
      slider.value = String(time);
      clock.textContent = time.toFixed(3) + ' / ' + duration.toFixed(3) + ' s';
    };
    button.addEventListener('click', () => {
      playing = !playing;
      button.textContent = playing ? 'Pause' : 'Play';
    });
    slider.addEventListener('input', () => {
      time = Number(slider.value);
      show();
    });
    show();
    return (seconds) => {
      if (!playing || duration <= 0) return;
      time = (time + seconds) % duration;
      show();
    };
  }

  let advance = null;
  let last = performance.now();
  function draw(now) {
    if (advance) advance((now - last) / 1000);
    last = now;
    controls.update();
    renderer.render(scene, camera);
    requestAnimationFrame(draw);
  }

  window.addEventListener('resize', () => {
    camera.aspect = window.innerWidth / window.innerHeight;
    camera.updateProjectionMatrix();
    renderer.setSize(window.innerWidth, window.innerHeight);
  });

  new T.GLTFLoader().parse(bytes.buffer, '', (gltf) => {
    const materials = (gltf.parser.json.materials || []).map((m, i) => ({
      label: m.name || 'material ' + i,
      colour: (m.pbrMetallicRoughness && m.pbrMetallicRoughness.baseColorFactor) || [1, 1, 1, 1],
    }));
    legend(data.legend.length > 0 ? data.legend : materials);
    scene.add(gltf.scene);
    frame(gltf.scene);
    if (gltf.animations.length > 0) advance = player(gltf.scene, gltf.animations);
    renderer.render(scene, camera);
    requestAnimationFrame(draw);
    document.body.dataset.ready = 'true';
  }, (error) => fail('Cannot read the model: ' + (error && error.message ? error.message : error)));
})();
